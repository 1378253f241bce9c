/** Entry of the script starter (script-start.ts), the one script a page links directly. */
import { startWhenPainted } from './script-start.ts';

startWhenPainted(window);
