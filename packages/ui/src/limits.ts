/**
 * Input limits of docs/behaviour.md#constants, in one home for the fields that enforce them (maxlength)
 * and the account kit's schemas that check them. A plain module: schemas import it without React or CSS.
 */

/** An e-mail input accepts at most 200 characters. */
export const emailMaxLength = 200;

/** A password input accepts at most 10000 characters (the rule itself: 8 to 100). */
export const passwordMaxLength = 10000;
