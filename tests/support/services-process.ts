/**
 * The local services in a process of their own, for tests that kill them: started on a free port with
 * the data folder given as the first argument (and the snippets folder as the second, when given);
 * prints `{"url": ..., "token": ...}` on one line once listening (the token is the editor's session
 * token). Run by node with the tsx loader, so SIGKILL hits the server itself.
 */
import { startServices } from '../../services/index';

const services = await startServices({ port: 0, dataDir: process.argv[2], ...(process.argv[3] ? { snippetsDir: process.argv[3] } : {}) });
process.stdout.write(JSON.stringify({ url: services.url, token: services.sessionToken }) + '\n');
