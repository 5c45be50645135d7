// PrairieLearn's v2 `PrairieRandom.RandomGenerator`, written from its documented behaviour: every draw
// is one genrand_real2() of MT19937 seeded with parseInt(seed, 36), and each method makes its draws in
// the same order, so a v2 server.js gets the same numbers for the same variant seed.
'use strict';

const { MersenneTwister19937 } = require('./mersenne');

class RandomGenerator {
  constructor(seed) {
    this._mt = new MersenneTwister19937();
    this._mt.init_genrand(seed === undefined ? Date.now() : parseInt(seed, 36));
  }

  _u() {
    return this._mt.genrand_real2();
  }

  randReal(min = 0, max = 1) {
    return min + this._u() * (max - min);
  }

  randInt(min = 0, max = 10, step = 1) {
    const n = (max - min) / step + 1;
    return min + Math.floor(this._u() * n) * step;
  }

  randIntNonZero(min = 0, max = 10, step = 1) {
    let r;
    do r = this.randInt(min, max, step);
    while (r === 0);
    return r;
  }

  randBool(trueProb = 0.5) {
    return this._u() < trueProb;
  }

  randSign(posProb = 0.5) {
    return this._u() < posProb ? 1 : -1;
  }

  randArrayReal(n = 3, min, max) {
    return Array.from({ length: n }, () => this.randReal(min, max));
  }

  randArrayInt(n = 3, min, max, step) {
    return Array.from({ length: n }, () => this.randInt(min, max, step));
  }

  randArrayIntNonZero(n = 3, min, max, step) {
    let a;
    do a = this.randArrayInt(n, min, max, step);
    while (a.every((e) => e === 0));
    return a;
  }

  randArrayUniqueInt(n = 3, min, max, step) {
    const a = [];
    while (a.length < n) {
      const e = this.randInt(min, max, step);
      // Loose equality, as the original compares.
      if (!a.some((x) => x == e)) a.push(e);
    }
    return a;
  }

  randElem(arr, probs) {
    const n = arr.length;
    if (!probs) return arr[this.randInt(0, n - 1)];
    const total = probs.reduce((s, p) => s + p, 0);
    const p = this.randReal();
    let sum = 0;
    let i = 0;
    for (; i < n; i++) {
      sum += probs[i] / total;
      if (p < sum) break;
    }
    return arr[Math.min(i, n - 1)];
  }

  repeat(n, elem) {
    return Array.from({ length: n }, () => elem);
  }

  randNElem(n, arr, probs) {
    if (n > arr.length) return arr;
    const out = [];
    const avail = arr.slice();
    const p = probs ? probs.slice() : undefined;
    for (let k = 0; k < n; k++) {
      let ind;
      if (p) {
        ind = this.randElem(avail.map((_, i) => i), p);
        p.splice(ind, 1);
      } else {
        ind = this.randInt(0, avail.length - 1);
      }
      out.push(avail[ind]);
      avail.splice(ind, 1);
    }
    return out;
  }

  randPerm(n) {
    const a = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < n - 1; i++) {
      const j = this.randInt(i, n - 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }

  permuteArray(perm, arr) {
    const save = arr.slice();
    for (let i = 0; i < arr.length; i++) arr[i] = save[perm[i]];
  }

  permute(perm, ...arrays) {
    for (const a of arrays.slice(0, 10)) if (a) this.permuteArray(perm, a);
  }

  shuffle(...arrays) {
    const perm = this.randPerm(arrays[0].length);
    this.permute(perm, ...arrays);
    return perm;
  }

  randPoly(degree = 2, maxCoeff = 3, zeroProb = 0.5, negCoeffs = true) {
    const minCoeff = negCoeffs ? -maxCoeff : 0;
    const p = [];
    for (let i = 0; i <= degree; i++) {
      if (i < degree) p.push(this.randReal() < zeroProb ? 0 : this.randInt(minCoeff, maxCoeff));
      else p.push(this.randIntNonZero(minCoeff, maxCoeff));
    }
    return p;
  }

  randExp(maxCoeff = 3, maxExp = 3) {
    return { coeff: this.randIntNonZero(-maxCoeff, maxCoeff), exp: this.randIntNonZero(-maxExp, maxExp) };
  }

  randTrig(maxCoeff = 3, maxFreq = 3) {
    return { coeff: this.randIntNonZero(-maxCoeff, maxCoeff), fcn: this.randElem(['sin', 'cos']), freq: this.randIntNonZero(-maxFreq, maxFreq) };
  }

  randFunc() {
    switch (this.randInt(1, 3)) {
      case 1:
        return { fcn: 'poly', data: this.randPoly() };
      case 2:
        return { fcn: 'exp', data: this.randExp() };
      default:
        return { fcn: 'trig', data: this.randTrig() };
    }
  }

  randArrayFunc(n = 3) {
    return Array.from({ length: n }, () => this.randFunc());
  }
}

module.exports = { RandomGenerator };
