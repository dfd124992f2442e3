// The Japanese messages the site loads when Japanese is chosen: the account screens and the app. The ui
// area is bundled with the entry (uiMessages), since the failure screens need it in both languages.
import account from '../generated/account.ja.json';
import app from '../generated/app.ja.json';

export default { ...account, ...app };
