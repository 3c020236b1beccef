/**
 * Development: the API server from source (restarting on change, its JSON log lines shown by
 * pino-pretty) and the Vite dev server side by side. The built server (`npm start`, the image)
 * logs JSON lines as they are.
 */
import { spawn } from 'node:child_process';

const server = spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: process.env,
});
const pretty = spawn('npx', ['pino-pretty', '--translateTime', 'SYS:HH:MM:ss', '--ignore', 'pid,hostname'], {
  stdio: ['pipe', 'inherit', 'inherit'],
});
server.stdout?.pipe(pretty.stdin as NodeJS.WritableStream);
const children = [
  server,
  pretty,
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
