/**
 * The local services in a process of their own, for tests that kill them: started on a free port with
 * the data directory given as the first argument; prints `{"url": ...}` on one line once listening.
 */
import { startServices } from '../../services/index';

const services = await startServices({ port: 0, dataDir: process.argv[2] });
process.stdout.write(JSON.stringify({ url: services.url }) + '\n');
