// The shapes the Klubnacht table works with (see docs/protocol.md and docs/klubnacht.md).

/**
 * @typedef {{month: string, card: number, motif: string, tier: string}} CardBack
 * @typedef {{seat: number, nickname: string | null, bot: string | null, left: string | null,
 *   deadline: string | null, card_back: CardBack | null}} Seat
 * @typedef {{slot: number, face_down: boolean, points: number, id?: string, tier?: string,
 *   needs?: string[], claimed_by?: number | null}} Task
 * @typedef {{seat: number, hand_size: number, hand: string[] | null, known: string[],
 *   spent: {card: string, task: string}[], tasks: string[], task_points: number, score: number,
 *   chip: {code: string, used: boolean} | null, known_to_opponent?: string[]}} Side
 * @typedef {{game: string, variant: string, seat: number | null, starter: number, turn: number,
 *   to_act: number | null, over: boolean, end_reason: string | null, market: (string | null)[],
 *   stack_size: number, wishlist: Task[], coin: number | null, seats: Side[], destroyed: string[],
 *   takes_left?: number, closing_time_next?: boolean[], pass_effect?: string,
 *   magpie_choice?: string[], free_drink_motifs?: Record<string, boolean>}} View
 * @typedef {{ranking: number[][], reason: string, scores: Record<string, number>,
 *   details: Record<string, any>}} Outcome
 * @typedef {{game_id: number, game: string, options: Record<string, any>, practice: boolean,
 *   status: string, seq: number, to_act: number[], seats: Seat[], outcome: Outcome | null,
 *   ended_by: string | null, ended_seat: number | null, rematch_of: number | null,
 *   seat: number | null, view: View, legal: string[]}} Game
 * @typedef {{kind: string, [key: string]: any}} GameEvent
 * @typedef {{seq: number, seat: number | null, kind: string, events: GameEvent[]}} Entry
 * @typedef {{period: string, before: number, after: number, change: number}} RatingChange
 * @typedef {{card: number, motif: {key: string, name: string}, task: {key: string, name: string},
 *   gain: number, progress: number, thresholds: number[], new_tier: string | null}} CardGain
 * @typedef {{game_id: number, practice: boolean, ended_by: string, seat: number, won: boolean,
 *   xp: number, rating: {season: RatingChange | null, all_time: RatingChange | null} | null,
 *   album: {month: string, open: boolean, cards: CardGain[]}}} Result
 * @typedef {{seq: number, seat: number | null, kind: string | null, action: string | null,
 *   events: GameEvent[], view: View}} ReplayStep
 * @typedef {{steps: ReplayStep[], index: number, playing: boolean}} Replay
 * @typedef {{name: string, variants: Record<string, string>, motifs: Record<string, string>,
 *   tasks: Record<string, string>, chips: Record<string, {name: string, text: string}>,
 *   end_reasons: Record<string, string>, pass_effects: Record<string, string>,
 *   closing_time_notice: string, ended_by: Record<string, string>}} GameTexts
 * @typedef {{game: Game, log: Entry[], result: Result | null, member: string | null, rules: string | null,
 *   selected: string[], busy: boolean, notice: string, openScores: boolean[],
 *   rematchSent: string, replay: Replay | null}} State
 */

export {};
