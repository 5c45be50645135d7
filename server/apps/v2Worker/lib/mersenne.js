// MT19937, the Mersenne Twister of Matsumoto and Nishimura: PrairieLearn's v2 random numbers come from
// it (seeded with the variant seed read as base 36), so the same seed gives the same variant here.
'use strict';

const N = 624;
const M = 397;

class MersenneTwister19937 {
  constructor() {
    this.mt = new Uint32Array(N);
    this.mti = N + 1;
  }

  init_genrand(seed) {
    this.mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = this.mt[i - 1] ^ (this.mt[i - 1] >>> 30);
      // 1812433253 * prev + i in 32 bits, split so no product loses precision.
      this.mt[i] = (((((prev & 0xffff0000) >>> 16) * 1812433253) << 16) + (prev & 0x0000ffff) * 1812433253 + i) >>> 0;
    }
    this.mti = N;
  }

  genrand_int32() {
    const mt = this.mt;
    if (this.mti >= N) {
      if (this.mti === N + 1) this.init_genrand(5489);
      let kk = 0;
      const twist = (a, b) => (a & 0x80000000) | (b & 0x7fffffff);
      for (; kk < N - M; kk++) {
        const y = twist(mt[kk], mt[kk + 1]);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      for (; kk < N - 1; kk++) {
        const y = twist(mt[kk], mt[kk + 1]);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      const y = twist(mt[N - 1], mt[0]);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      this.mti = 0;
    }
    let y = mt[this.mti++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** A real in [0, 1). */
  genrand_real2() {
    return this.genrand_int32() * (1.0 / 4294967296.0);
  }

  /** A real in [0, 1]. */
  genrand_real1() {
    return this.genrand_int32() * (1.0 / 4294967295.0);
  }
}

module.exports = { MersenneTwister19937 };
