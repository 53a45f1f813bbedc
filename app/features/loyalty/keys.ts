/** The query keys of the loyalty pages' URL dialogs (they open without JavaScript). */
export const BUY_KEY = "buy";
export const CHARACTER_KEY = "character";
/** `?characters=1`: the character change popup (the list to choose from). */
export const CHARACTERS_KEY = "characters";
export const QUEST_KEY = "quest";
export const HISTORY_OFFSET_KEY = "from";
