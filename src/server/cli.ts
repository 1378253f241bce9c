/** The `vitrine` command line (bin/vitrine.js): see cli-commands.ts. */
import { runCli } from './cli-commands.ts';

await runCli(process.argv.slice(2));
