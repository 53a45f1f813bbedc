/**
 * The feedback form's limits (decision 0052), shared by the contract, the platform and the
 * /support form's schema, in a file of their own so the page's code does not carry the contract.
 */
export const FEEDBACK_NAME_MAX = 100;
export const FEEDBACK_MESSAGE_MIN = 10;
export const FEEDBACK_MESSAGE_MAX = 2000;
export const FEEDBACK_PAGE_MAX = 500;
/** Topic ids as the operator's setting spells them. */
export const TOPIC_ID = /^[a-z0-9_-]{1,32}$/;
