// The parts of PrairieLearn's v2 `PrairieGeom` that v2 server.js files grade with: tolerance checks
// on numbers, booleans, strings, arrays, vectors and objects, error-to-score, and angle conversions.
// Any other PrairieGeom function a question calls fails with a message that names it.
'use strict';

const Sylvester = require('sylvester');

const isNumber = (x) => typeof x === 'number' && !Number.isNaN(x);
const isFiniteNumber = (x) => typeof x === 'number' && Number.isFinite(x);
const isObject = (x) => x !== null && (typeof x === 'object' || typeof x === 'function');
const norm2 = (values) => Math.sqrt(values.reduce((s, v) => s + v * v, 0));
const toVector = (x) => (Array.isArray(x) ? Sylvester.Vector.create(x) : x);

const geom = {
  radToDeg: (r) => (r * 180) / Math.PI,
  degToRad: (d) => (d * Math.PI) / 180,

  toBool: (s) => s === true || s === 'true',
  sign: (x) => (x > 0 ? 1 : x < 0 ? -1 : 0),
  /** p[0] + p[1] x + p[2] x^2 + ... */
  evalPoly: (p, x) => p.reduce((s, c, i) => s + c * x ** i, 0),
  diffPoly: (p) => p.slice(1).map((c, i) => c * (i + 1)),

  norm(val) {
    if (isFiniteNumber(val)) return Math.abs(val);
    if (Array.isArray(val)) return norm2(val.map((v) => geom.norm(v)));
    if (val instanceof Sylvester.Vector) return val.modulus();
    if (isObject(val)) return norm2(Object.values(val).map((v) => geom.norm(v)));
    return Infinity;
  },

  absError(trueVal, submittedVal) {
    if (isFiniteNumber(trueVal)) return Math.abs(trueVal - Number(submittedVal));
    if (typeof trueVal === 'boolean') {
      let sub;
      if (typeof submittedVal === 'boolean') sub = submittedVal;
      else if (typeof submittedVal === 'string') sub = geom.toBool(submittedVal);
      else return Infinity;
      return trueVal === sub ? 0 : Infinity;
    }
    if (typeof trueVal === 'string') return trueVal === String(submittedVal) ? 0 : Infinity;
    if (Array.isArray(trueVal)) {
      if (!Array.isArray(submittedVal)) return Infinity;
      return norm2(trueVal.map((t, i) => geom.absError(t, submittedVal[i])));
    }
    if (trueVal instanceof Sylvester.Vector) {
      const sub = toVector(submittedVal);
      if (!(sub instanceof Sylvester.Vector)) return Infinity;
      return trueVal.subtract(sub).modulus();
    }
    if (isObject(trueVal)) {
      if (!isObject(submittedVal)) return Infinity;
      return norm2(Object.keys(trueVal).map((k) => geom.absError(trueVal[k], submittedVal[k])));
    }
    return Infinity;
  },

  relError(trueVal, submittedVal) {
    const abs = geom.absError(trueVal, submittedVal);
    const n = geom.norm(trueVal);
    if (n === 0) return abs === 0 ? 0 : Infinity;
    return abs / n;
  },

  checkEqual(trueVal, submittedVal, relTol, absTol) {
    const close = (t, s) => geom.relError(t, s) < relTol || geom.absError(t, s) < absTol;
    if (isFiniteNumber(trueVal)) return close(trueVal, Number(submittedVal));
    if (typeof trueVal === 'boolean' || typeof trueVal === 'string') return geom.absError(trueVal, submittedVal) === 0;
    if (Array.isArray(trueVal)) return Array.isArray(submittedVal) && close(trueVal, submittedVal);
    if (trueVal instanceof Sylvester.Vector) {
      const sub = toVector(submittedVal);
      return sub instanceof Sylvester.Vector && close(trueVal, sub);
    }
    if (isObject(trueVal)) {
      if (!isObject(submittedVal)) return false;
      return Object.keys(trueVal).every((k) => geom.checkEqual(trueVal[k], submittedVal[k], relTol, absTol));
    }
    return false;
  },

  /** error = tol scores 0.5; below it linearly up to 1, above it decaying exponentially; arrays take the minimum. */
  errorToScore(error, tol) {
    if (isNumber(error) && isNumber(tol)) {
      const alpha = error / tol;
      return alpha < 1 ? 1 - 0.5 * alpha : 0.5 * Math.exp(1 - alpha);
    }
    if (Array.isArray(error) && Array.isArray(tol)) return error.reduce((s, e, i) => Math.min(s, geom.errorToScore(e, tol[i])), 1);
    return 0;
  },

  hammingDistance(a1, a2) {
    let n = Math.abs(a1.length - a2.length);
    for (let i = 0; i < Math.min(a1.length, a2.length); i++) if (a1[i] != a2[i]) n++;
    return n;
  },

  /** 1 for no error, 0 for no better than answering all true or all false. */
  hammingScore(trueVals, submittedVals) {
    let nTrue = 0;
    let nWrong = 0;
    trueVals.forEach((t, i) => {
      if (t) nTrue++;
      if (t !== submittedVals[i]) nWrong++;
    });
    const worst = Math.max(1, Math.min(nTrue, trueVals.length - nTrue));
    return Math.max(0, worst - nWrong) / worst;
  },
};

/** The object server.js receives: a missing function is named in the error instead of "undefined is not a function". */
module.exports = new Proxy(geom, {
  get(target, name) {
    if (name in target || typeof name === 'symbol') return target[name];
    return () => {
      throw new Error(`PrairieGeom.${String(name)} is not provided by the local runtime (only ${Object.keys(geom).join(', ')})`);
    };
  },
});
