/**
 * A player of each regulated market, as registration takes them (decision 0082): the fields their
 * country's form asks, shared by the jurisdiction specs.
 */
export const DUTCH = {
  country_code: "NL",
  currency: "EUR",
  first_name: "Daan",
  last_name: "Visser",
  birth_date: "1990-04-15",
  home_town: "Amsterdam",
  address: "Damrak 1",
  postcode: "1012 AB",
};
export const BRITON = {
  country_code: "GB",
  currency: "USD",
  first_name: "Amy",
  last_name: "Clarke",
  birth_date: "1990-04-15",
  home_town: "London",
  address: "1 High Street",
  postcode: "SW1A 1AA",
};
export const GERMAN = {
  country_code: "DE",
  currency: "EUR",
  first_name: "Lena",
  last_name: "Wolf",
  birth_date: "1990-04-15",
  home_town: "Berlin",
  address: "Hauptstrasse 1",
  postcode: "10115",
};
export const SWEDE = {
  country_code: "SE",
  currency: "EUR",
  first_name: "Sven",
  last_name: "Berg",
  birth_date: "1990-04-15",
  home_town: "Stockholm",
  address: "Drottninggatan 1",
  postcode: "111 22",
};
