// The benchmark's reference: the very bytes of our `/`, served as a static file by Express 5's
// express.static behind compression(), the way a plain Node deployment would serve it.
// Usage: node scripts/reference-server.mjs <folder with index.html> <port>
import compression from 'compression';
import express from 'express';

const [folder, port] = process.argv.slice(2);
const app = express();
app.use(compression());
app.use(express.static(folder));
app.listen(Number(port), '127.0.0.1', () => console.log('listening'));
