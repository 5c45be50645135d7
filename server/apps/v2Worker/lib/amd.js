// A synchronous AMD loader for v2 question code: `define([...deps], factory)` modules from the question
// and the course (clientCode/, serverCode/, clientFilesCourse/, serverFilesCourse/ as PrairieLearn maps
// them, `text!` for file text), the v2 libraries by name, and Node's own modules (PrairieLearn's
// loader falls back to Node's require). Course files run unwrapped, in sloppy mode, as they do there.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { builtinModules } = require('node:module');

const COURSE_AREAS = { clientCode: 'clientFilesCourse', serverCode: 'serverFilesCourse', clientFilesCourse: 'clientFilesCourse', serverFilesCourse: 'serverFilesCourse' };

function createLoader(coursePath, libraries) {
  const cache = new Map();

  function fileOf(id, fromDir) {
    const first = id.split('/')[0];
    let file;
    if (id.startsWith('./') || id.startsWith('../')) file = path.resolve(fromDir, id);
    else if (COURSE_AREAS[first]) file = path.join(coursePath, COURSE_AREAS[first], id.slice(first.length + 1));
    else if (path.isAbsolute(id)) file = id;
    else return undefined;
    return file;
  }

  function load(id, fromDir) {
    if (id.startsWith('text!')) {
      const file = fileOf(id.slice(5), fromDir);
      if (!file) throw new Error(`cannot find text file "${id.slice(5)}"`);
      return fs.readFileSync(file, 'utf8');
    }
    if (Object.prototype.hasOwnProperty.call(libraries, id)) return libraries[id]();
    const file = fileOf(id, fromDir);
    if (file) return loadFile(/\.js$/.test(file) ? file : `${file}.js`);
    const bare = id.replace(/^node:/, '');
    if (builtinModules.includes(bare)) return require(bare);
    throw new Error(`module "${id}" is not available to v2 questions here (known: ${Object.keys(libraries).join(', ')}, course files, Node built-ins)`);
  }

  function loadFile(file) {
    if (cache.has(file)) return cache.get(file).exports;
    const record = { exports: {} };
    cache.set(file, record);
    const dir = path.dirname(file);
    const source = fs.readFileSync(file, 'utf8');
    let defined = false;
    const localRequire = (id) => load(id, dir);
    const define = (...args) => {
      defined = true;
      const factory = args.pop();
      const deps = Array.isArray(args[args.length - 1]) ? args.pop() : ['require', 'exports', 'module'];
      if (typeof factory !== 'function') {
        record.exports = factory;
        return;
      }
      const values = deps.map((d) => (d === 'require' ? localRequire : d === 'exports' ? record.exports : d === 'module' ? { exports: record.exports, id: file, uri: file } : load(d, dir)));
      const result = factory(...values);
      if (result !== undefined) record.exports = result;
    };
    define.amd = {};
    const wrapped = vm.runInThisContext(`(function (define, require, module, exports) {${source}\n})`, { filename: file, lineOffset: 0 });
    const mod = { exports: record.exports };
    wrapped(define, localRequire, mod, record.exports);
    if (!defined && mod.exports !== record.exports) record.exports = mod.exports;
    return record.exports;
  }

  return { load, loadFile };
}

module.exports = { createLoader };
