// The English messages the site loads when English is chosen: the account screens and the app. The ui
// area is bundled with the entry (uiMessages), since the failure screens need it in both languages.
import account from '../generated/account.en.json';
import app from '../generated/app.en.json';

export default { ...account, ...app };
