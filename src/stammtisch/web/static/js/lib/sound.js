// Sound cues, synthesised here with the Web Audio API (no recordings: every sound is ours).
// Silent until the page has been clicked or typed on (browsers require it); one mute switch and
// one per cue, both remembered in this browser.

const MUTE_KEY = "stammtisch.sound";
const CUE_KEY = "stammtisch.sound.";

/** @type {AudioContext | null} */
let context = null;
/** @type {AudioBuffer | null} */
let noise = null;
/** @type {AudioNode | null} */
let output = null;

/** The event on `window` when a switch changes (`detail`: the cue, or null for the main switch). */
export const SOUND_CHANGE = "stammtisch:sound";

/**
 * The cues: seed 003's nine (a card moves, a card is destroyed, a power bonus, fans gained, match
 * won, game won, lost or no final, cheering for a finalist, the finalists' drum roll), then the
 * two of Klubnacht's own (a task claimed, your turn).
 */
export const CUES = /** @type {const} */ ([
  "card",
  "destroyed",
  "bonus",
  "fans",
  "match_won",
  "won",
  "lost",
  "cheer",
  "drumroll",
  "claim",
  "turn",
]);

/** @typedef {typeof CUES[number]} Cue */

/** @returns {boolean} whether sound is switched on in this browser */
export function soundOn() {
  return localStorage.getItem(MUTE_KEY) !== "off";
}

/** @param {boolean} on */
export function setSoundOn(on) {
  localStorage.setItem(MUTE_KEY, on ? "on" : "off");
  window.dispatchEvent(new CustomEvent(SOUND_CHANGE, { detail: null }));
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
  window.dispatchEvent(new CustomEvent(SOUND_CHANGE, { detail: cue }));
}

/** Create the audio context on the first gesture (before that, browsers keep it silent). */
export function unlockOnGesture() {
  const unlock = () => {
    if (!context) {
      context = new AudioContext();
      noise = makeNoise(context);
      output = mixer(context);
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
 * Where every cue goes: a gentle compressor keeps loud and quiet cues alike, then the volume.
 * @param {AudioContext} audio
 * @returns {AudioNode}
 */
function mixer(audio) {
  const compressor = audio.createDynamicsCompressor();
  compressor.threshold.value = -20;
  compressor.ratio.value = 4;
  compressor.attack.value = 0.004;
  compressor.release.value = 0.2;
  const volume = audio.createGain();
  volume.gain.value = 0.9;
  compressor.connect(volume).connect(audio.destination);
  return compressor;
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
  oscillator.connect(gain).connect(output ?? audio.destination);
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
  source.connect(filter).connect(gain).connect(output ?? audio.destination);
  source.start(at);
  source.stop(at + length + 0.05);
}

/**
 * A party horn: a buzzy reed through a soft filter, its pitch rising with a little flutter.
 * @param {AudioContext} audio
 * @param {number} start
 * @param {number} from
 * @param {number} to
 * @param {number} length
 */
function horn(audio, start, from, to, length) {
  const at = audio.currentTime + start;
  const reed = audio.createOscillator();
  reed.type = "sawtooth";
  reed.frequency.setValueAtTime(from, at);
  reed.frequency.exponentialRampToValueAtTime(to, at + length * 0.6);
  const flutter = audio.createOscillator();
  flutter.frequency.value = 22;
  const depth = audio.createGain();
  depth.gain.value = to * 0.02;
  flutter.connect(depth).connect(reed.frequency);
  const filter = audio.createBiquadFilter();
  filter.type = "lowpass";
  filter.frequency.setValueAtTime(900, at);
  filter.frequency.linearRampToValueAtTime(2400, at + length * 0.5);
  filter.Q.value = 3;
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.12, at + 0.03);
  gain.gain.setValueAtTime(0.12, at + length * 0.75);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  reed.connect(filter).connect(gain).connect(output ?? audio.destination);
  for (const node of [reed, flutter]) {
    node.start(at);
    node.stop(at + length + 0.05);
  }
}

/**
 * Notes one after the other, each ringing on.
 * @param {AudioContext} audio
 * @param {number[]} notes frequencies
 * @param {number} step seconds between notes
 * @param {number} length seconds each note rings
 * @param {{type?: OscillatorType, volume?: number, start?: number}} [how]
 */
function run(audio, notes, step, length, how = {}) {
  notes.forEach((note, i) => tone(audio, note, (how.start ?? 0) + i * step, length, how));
}

/** @type {Record<Cue, (audio: AudioContext) => void>} */
const PHRASES = {
  // A card moves: a soft swoosh of air, rising.
  card: (a) => hiss(a, 0, 0.26, { filter: "bandpass", from: 450, to: 2400, q: 0.9, volume: 0.22 }),
  // A card is destroyed: a glassy crack and its splinters tinkling down.
  destroyed: (a) => {
    hiss(a, 0, 0.14, { filter: "highpass", from: 2500, volume: 0.28 });
    [4699, 3951, 5274, 3322, 4435, 2960].forEach((f, i) => tone(a, f, 0.02 + i * 0.045, 0.22, { volume: 0.045 }));
  },
  // A power bonus: a rising chime with a sparkle on top.
  bonus: (a) => {
    tone(a, 587, 0, 0.3, { glide: 1175, volume: 0.12 });
    run(a, [1568, 2093], 0.07, 0.35, { start: 0.2, volume: 0.07 });
  },
  // Fans gained: a short burst of a crowd cheering and clapping.
  fans: (a) => {
    hiss(a, 0, 0.75, { filter: "bandpass", from: 1300, to: 900, q: 0.5, volume: 0.13 });
    hiss(a, 0.05, 0.6, { filter: "highpass", from: 2000, volume: 0.12, pulses: 9 });
  },
  // Match won: a short bright "ta-da", two chords.
  match_won: (a) => {
    [523, 659].forEach((f) => tone(a, f, 0, 0.22, { type: "triangle", volume: 0.12 }));
    [784, 1047].forEach((f) => tone(a, f, 0.16, 0.6, { type: "triangle", volume: 0.13 }));
  },
  // Game won: a fanfare up the major chord, the chord held, and applause under it.
  won: (a) => {
    run(a, [392, 523, 659, 784], 0.1, 0.3, { type: "triangle", volume: 0.13 });
    [523, 659, 784, 1047].forEach((f) => tone(a, f, 0.42, 1.1, { type: "triangle", volume: 0.09 }));
    hiss(a, 0.4, 1.2, { filter: "highpass", from: 1800, volume: 0.1, pulses: 14 });
  },
  // Lost, or no final: a falling minor figure, sinking at its end.
  lost: (a) => {
    run(a, [440, 392, 349], 0.18, 0.4, { type: "triangle", volume: 0.13 });
    tone(a, 330, 0.54, 0.8, { type: "triangle", glide: 277, volume: 0.12 });
  },
  // Cheering for a finalist: two toots of a party horn.
  cheer: (a) => {
    horn(a, 0, 330, 520, 0.22);
    horn(a, 0.26, 350, 660, 0.45);
  },
  // The finalists: a snare roll swelling up, then the hit.
  drumroll: (a) => {
    hiss(a, 0, 1.5, { filter: "bandpass", from: 1800, q: 0.7, volume: 0.26, pulses: 30 });
    tone(a, 110, 1.5, 0.5, { glide: 55, volume: 0.3 });
    hiss(a, 1.5, 0.7, { filter: "highpass", from: 4000, volume: 0.16 });
  },
  // Klubnacht: a task claimed, three bells.
  claim: (a) => run(a, [659, 880, 1175], 0.07, 0.5, { volume: 0.14 }),
  // Your turn: a two-tone call.
  turn: (a) => {
    tone(a, 784, 0, 0.45, { volume: 0.16 });
    tone(a, 1047, 0.16, 0.6, { volume: 0.14 });
  },
};

/**
 * Play a cue, unless sound or this cue is switched off or the page was not touched yet.
 * @param {Cue} cue
 */
export function play(cue) {
  if (!context || context.state !== "running" || !soundOn() || !cueOn(cue)) return;
  PHRASES[cue](context);
}

/**
 * Play a cue whatever the switches say (the settings' "Play" buttons), once the page was touched.
 * @param {Cue} cue
 */
export function preview(cue) {
  const audio = context;
  if (!audio) return;
  if (audio.state === "running") PHRASES[cue](audio);
  else audio.resume().then(() => PHRASES[cue](audio));
}
