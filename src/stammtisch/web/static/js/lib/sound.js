// Sound cues, synthesised here with the Web Audio API (no recordings: every sound is ours).
// Silent until the page has been clicked or typed on (browsers require it); one mute switch and
// one per cue, both remembered in this browser.

const MUTE_KEY = "stammtisch.sound";
const CUE_KEY = "stammtisch.sound.";

/** @type {AudioContext | null} */
let context = null;
/** @type {AudioBuffer | null} */
let noise = null;

/** The cues, each a short phrase: what the site plays for what happened. */
export const CUES = /** @type {const} */ ([
  "card",
  "claim",
  "turn",
  "won",
  "lost",
  "destroyed",
  "bonus",
  "fans",
  "cheer",
  "drumroll",
]);

/** @typedef {typeof CUES[number]} Cue */

/** @returns {boolean} whether sound is switched on in this browser */
export function soundOn() {
  return localStorage.getItem(MUTE_KEY) !== "off";
}

/** @param {boolean} on */
export function setSoundOn(on) {
  localStorage.setItem(MUTE_KEY, on ? "on" : "off");
}

/**
 * @param {Cue} cue
 * @returns {boolean} whether this cue is switched on
 */
export function cueOn(cue) {
  return localStorage.getItem(CUE_KEY + cue) !== "off";
}

/**
 * @param {Cue} cue
 * @param {boolean} on
 */
export function setCueOn(cue, on) {
  localStorage.setItem(CUE_KEY + cue, on ? "on" : "off");
}

/** Create the audio context on the first gesture (before that, browsers keep it silent). */
export function unlockOnGesture() {
  const unlock = () => {
    if (!context) {
      context = new AudioContext();
      noise = makeNoise(context);
    }
    if (context.state === "suspended") context.resume();
  };
  window.addEventListener("pointerdown", unlock, { capture: true });
  window.addEventListener("keydown", unlock, { capture: true });
}

/**
 * One second of white noise, made once.
 * @param {AudioContext} audio
 * @returns {AudioBuffer}
 */
function makeNoise(audio) {
  const buffer = audio.createBuffer(1, audio.sampleRate, audio.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 12345;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    data[i] = (seed / 1073741824 - 1) * 0.8;
  }
  return buffer;
}

/**
 * A tone with a soft attack and an exponential decay.
 * @param {AudioContext} audio
 * @param {number} frequency
 * @param {number} start seconds from now
 * @param {number} length seconds
 * @param {{type?: OscillatorType, volume?: number, glide?: number}} [how]
 */
function tone(audio, frequency, start, length, how = {}) {
  const at = audio.currentTime + start;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = how.type ?? "sine";
  oscillator.frequency.setValueAtTime(frequency, at);
  if (how.glide) oscillator.frequency.exponentialRampToValueAtTime(how.glide, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(how.volume ?? 0.18, at + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.05);
}

/**
 * Filtered noise: a swoosh, a crack, a cheer or a roll, by its filter and envelope.
 * @param {AudioContext} audio
 * @param {number} start
 * @param {number} length
 * @param {{filter: BiquadFilterType, from: number, to?: number, q?: number, volume?: number, pulses?: number}} how
 */
function hiss(audio, start, length, how) {
  if (!noise) return;
  const at = audio.currentTime + start;
  const source = audio.createBufferSource();
  source.buffer = noise;
  source.loop = true;
  const filter = audio.createBiquadFilter();
  filter.type = how.filter;
  filter.Q.value = how.q ?? 1;
  filter.frequency.setValueAtTime(how.from, at);
  if (how.to) filter.frequency.exponentialRampToValueAtTime(how.to, at + length);
  const gain = audio.createGain();
  const volume = how.volume ?? 0.2;
  gain.gain.setValueAtTime(0.0001, at);
  if (how.pulses) {
    const step = length / how.pulses;
    for (let i = 0; i < how.pulses; i++) {
      const swell = volume * (0.35 + (0.65 * i) / how.pulses);
      gain.gain.setValueAtTime(swell, at + i * step);
      gain.gain.exponentialRampToValueAtTime(swell * 0.25, at + i * step + step * 0.9);
    }
  } else {
    gain.gain.exponentialRampToValueAtTime(volume, at + length * 0.3);
  }
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  source.connect(filter).connect(gain).connect(audio.destination);
  source.start(at);
  source.stop(at + length + 0.05);
}

/** @type {Record<Cue, (audio: AudioContext) => void>} */
const PHRASES = {
  card: (a) => hiss(a, 0, 0.28, { filter: "bandpass", from: 500, to: 2600, q: 0.9, volume: 0.22 }),
  claim: (a) => [659, 880, 1175].forEach((f, i) => tone(a, f, i * 0.07, 0.5, { volume: 0.14 })),
  turn: (a) => {
    tone(a, 784, 0, 0.45, { volume: 0.16 });
    tone(a, 1047, 0.16, 0.6, { volume: 0.14 });
  },
  won: (a) => [523, 659, 784, 1047].forEach((f, i) => tone(a, f, i * 0.11, 0.55, { type: "triangle", volume: 0.16 })),
  lost: (a) => [440, 349, 294].forEach((f, i) => tone(a, f, i * 0.16, 0.6, { type: "triangle", volume: 0.14 })),
  destroyed: (a) => {
    hiss(a, 0, 0.18, { filter: "highpass", from: 3000, volume: 0.25 });
    [2793, 3520, 4186].forEach((f, i) => tone(a, f, 0.01 * i, 0.25, { volume: 0.05 }));
  },
  bonus: (a) => tone(a, 523, 0, 0.35, { type: "sine", glide: 1047, volume: 0.15 }),
  fans: (a) => hiss(a, 0, 0.7, { filter: "bandpass", from: 1200, to: 900, q: 0.6, volume: 0.16, pulses: 7 }),
  cheer: (a) => tone(a, 392, 0, 0.35, { type: "sawtooth", glide: 440, volume: 0.08 }),
  drumroll: (a) => hiss(a, 0, 1.6, { filter: "lowpass", from: 700, q: 0.7, volume: 0.3, pulses: 24 }),
};

/**
 * Play a cue, unless sound or this cue is switched off or the page was not touched yet.
 * @param {Cue} cue
 */
export function play(cue) {
  if (!context || context.state !== "running" || !soundOn() || !cueOn(cue)) return;
  PHRASES[cue](context);
}
