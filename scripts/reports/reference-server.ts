// The benchmark's reference: the very bytes of our `/`, served as a static file by Express 5's express.static
// behind compression(), the way a plain Node deployment would serve it. It takes HOST and PORT as the site does,
// and says so in the site's own "listening" line, so the harness starts it like the site.
// Usage: node scripts/reports/reference-server.ts <folder with index.html>
import compression from 'compression';
import express from 'express';

const [folder] = process.argv.slice(2);
if (!folder) throw new Error('Usage: node scripts/reports/reference-server.ts <folder with index.html>');
const app = express();
app.use(compression());
app.use(express.static(folder));
app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1', () => console.log(JSON.stringify({ event: 'listening' })));
