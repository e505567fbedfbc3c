// A process that logs through the server's logger as the server does, for log-destination.test.ts:
// one line, then after EXIT_AFTER_MS another and process.exit, as the server's shutdown ends.
import Fastify from 'fastify';
import { loggerOptions } from '#app/plugins/request-logging';

const app = Fastify({ logger: loggerOptions({ logLevel: 'info' }) });
app.log.info('logged while running');
setTimeout(() => {
  app.log.info('logged just before exit');
  process.exit(0);
}, Number(process.env.EXIT_AFTER_MS));
