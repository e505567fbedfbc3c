import { Faker, base, en, type Randomizer } from '@faker-js/faker';

/** The seed of the embedded demo: change it and every generated name and value changes. */
export const DEMO_SEED = 20_260_301;

/** Mixes 32-bit words into one (murmur3 finaliser), so nearby inputs give unrelated seeds. */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (Math.trunc(part) | 0), 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/**
 * sfc32: reseeding is a handful of integer operations, unlike faker's Mersenne Twister. The
 * generator reseeds per participant, per day and per stream, which is what keeps any slice of a
 * timeline reproducible on its own; with 100k participants that is millions of reseeds.
 */
export function createSeededRandomizer(initialSeed = DEMO_SEED): Randomizer {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  const seed = (value: number | number[]) => {
    const parts = Array.isArray(value) ? value : [value];
    a = mixSeed(0x9e37, ...parts);
    b = mixSeed(0x7f4a, ...parts);
    c = mixSeed(0x3c6e, ...parts);
    d = 1;
    for (let i = 0; i < 12; i += 1) next();
  };
  seed(initialSeed);
  return { next, seed };
}

/** An English faker on the fast seeded randomizer; callers seed it before each stream. */
export function createSeedFaker(): Faker {
  return new Faker({ locale: [en, base], randomizer: createSeededRandomizer() });
}

/** True with probability p. */
export function chance(faker: Faker, p: number): boolean {
  return faker.number.float() < p;
}

/** A normally distributed value (Box–Muller). */
export function gaussian(faker: Faker, mean: number, sd: number): number {
  const u = 1 - faker.number.float();
  const v = faker.number.float();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A Poisson-distributed count (Knuth; fine for the small rates used here). */
export function poisson(faker: Faker, rate: number): number {
  if (rate <= 0) return 0;
  const limit = Math.exp(-rate);
  let k = 0;
  let p = faker.number.float();
  while (p > limit) {
    k += 1;
    p *= faker.number.float();
  }
  return k;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Picks one of the weighted values. */
export function weighted<const T>(faker: Faker, options: ReadonlyArray<readonly [T, number]>): T {
  return faker.helpers.weightedArrayElement(options.map(([value, weight]) => ({ value, weight })));
}

/** Independent random streams of one participant: [seed, day, stream] seeds each of them. */
export const STREAM = {
  profile: 0,
  plan: 1,
  telemetry: 2,
  activity: 3,
  nudges: 4,
  conversations: 5,
  surveys: 6,
  twin: 7,
  records: 8,
  markers: 9,
  surgery: 10,
} as const;
