/** Winners per page of /winners (the loader asks for this many; the page links by it). */
export const WINNERS_PAGE_SIZE = 20;
