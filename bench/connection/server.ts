// The demo server in a process of its own, for bench/connection.mjs's CPU and
// heap figures in Node (in the benchmark's process its work would be counted
// with the client's). Prints its URL on the first line; stops when stdin closes.
import { startDemoServer } from '../../demo/server/server.ts';

const demo = await startDemoServer({ port: 0 });
console.log(demo.url);
process.stdin.resume();
process.stdin.on('end', () => void demo.close().then(() => process.exit(0)));
