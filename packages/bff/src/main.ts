import { createApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const server = createApp(config).listen(config.port, config.host, () => {
  console.log(`bff listening on http://${config.host}:${config.port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
