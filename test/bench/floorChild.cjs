// The floor as a process of its own: read and JSON.parse every file listed (one path a line) in argv[2].
const fs = require('node:fs');
let keys = 0;
for (const file of fs.readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (file) keys += Object.keys(JSON.parse(fs.readFileSync(file, 'utf8'))).length;
}
process.stdout.write(`${keys}\n`);
