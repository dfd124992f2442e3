// The English messages the site loads when English is chosen, before its first render: the app's and those
// of the account screens that no part of ./parts.json takes (the sign-in page's, the shared ones). The ui
// area is bundled with the entry (uiMessages), since the failure screens need it in both languages.
import first from '../generated/parts/first.en.json';

export default first;
