// The shapes the Challengers! table works with (see docs/protocol.md and docs/challengers.md).

/**
 * @typedef {{seat: number, nickname: string | null, bot: string | null, left: string | null,
 *   deadline: string | null}} Seat
 * @typedef {{seat: number, deck: number, park: string[], flag: boolean, bench: string[][],
 *   frozen: string[][], free_seats?: number, exhaust: string[], placing?: string[][],
 *   next_bonus?: number, trophies?: number, coach?: string | null, coach_ready?: boolean}} Side
 * @typedef {{park: number, round: number, sides: Side[], attacker?: number | null,
 *   winner?: number | null, waiting_for?: number | null, attack?: number, defence?: number}} MatchBoard
 * @typedef {{seat: number, deck: number, trophy_rounds: number[], trophies: number,
 *   deck_phase: string, park: number | null, fans?: number, trophy_fans?: number[][],
 *   has_coach?: boolean, coach?: string | null}} Player
 * @typedef {{kind: string, card: string | null, coach?: string, options: string[], shown: string[]}} Decision
 * @typedef {{seat: number, deck: string[], stage: string, offers: string[], pile: string | null,
 *   drawn: string[], picks_left: number, redraw_used: boolean, decision: Decision | null,
 *   coach?: string | null, coach_offer?: string[]}} Own
 * @typedef {{game: string, round: number, final: boolean, phase: string, sets: string[],
 *   options: Record<string, any>, winter_park: number | null, fans_open: boolean, to_act: number[],
 *   players: Player[], piles: Record<string, {cards: number, discard: number}>,
 *   parks: {park: number, trophies_left: number, match: MatchBoard | null}[], finalists: number[],
 *   robot: {seat: number, deck: number, trophy_rounds: number[], fans?: number} | null,
 *   you: Own | null, result: {ranking: number[][], reason: string, scores: Record<string, number>} | null}} View
 * @typedef {{ranking: number[][], reason: string, scores: Record<string, number>,
 *   details: Record<string, any>}} Outcome
 * @typedef {{game_id: number, game: string, options: Record<string, any>, practice: boolean,
 *   clock: {mode: string, seconds?: number}, status: string, seq: number, to_act: number[],
 *   seats: Seat[], outcome: Outcome | null, ended_by: string | null, ended_seat: number | null,
 *   seat: number | null, view: View, legal: string[]}} Game
 * @typedef {{kind: string, [key: string]: any}} GameEvent
 * @typedef {{seq: number, seat: number | null, kind: string, events: GameEvent[]}} Entry
 * @typedef {{name: string, text: string, set: string, level: string, power: number | null,
 *   timing: string | null}} CardText
 * @typedef {{name: string, text: string, house: boolean, active: boolean, theme: string}} CoachText
 * @typedef {{coaches: Record<string, CoachText>, labels: Record<string, string>}} CoachTexts
 * @typedef {{name: string, cards: Record<string, CardText>, sets: Record<string, string>,
 *   coaches?: CoachTexts, ended_by: Record<string, string>}} GameTexts
 * @typedef {{event: GameEvent, boards: Record<number, MatchBoard>}} Frame
 * @typedef {{frames: Frame[], index: number, timer: number | null}} Show
 * @typedef {{game: Game, log: Entry[], result: Record<string, any> | null, member: string | null,
 *   rules: string | null, plans: number[][], rounds: number, busy: boolean, notice: string,
 *   benchSeats: number, frozenSeats: number, boards: Record<number, MatchBoard>,
 *   lastFrames: Frame[], show: Show | null, speed: number, focus: number | null,
 *   order: string[] | null}} State
 */

export {};
