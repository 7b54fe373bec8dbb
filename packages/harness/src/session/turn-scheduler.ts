/**
 * Turns of the forks of one interleaved round. The forks of a round are alive together, each in its
 * own process, and take turns: first every member's setup, all at once (nothing is measured yet, so
 * their process starts, imports and setups share the cores instead of adding up), then — once every
 * member is set up — their warmup and measurement iterations in slot rounds, each member one
 * iteration per slot round, the members in a fresh random order every slot round after the first,
 * then each one's teardown when it comes up (together, once every member left is done measuring).
 * From the first iteration to the last exactly one fork works at a time, so nothing measured ever
 * shares the cores with another fork; the two sides of a question are
 * measured a fraction of a second apart instead of a whole fork apart, so a drift of the machine
 * falls on both (the randomized multiple interleaved trials of Abedi and Brecht, the duet of Bulej
 * et al., with the turns in time instead of side by side).
 *
 * Warmups take turns too, though they measure nothing: run together, a round paid for its longest
 * warmup instead of the sum (contention, 9 combinations × 4 forks: 151 s → 132 s), but a full
 * PostgreSQL run then measured the job's first invocation at 1k rows 1.40× as slow as its second
 * (1.11× taking turns the same morning, 1.04× the day before): a fork's
 * warmup must end in the state it is measured in, and one shared with another fork does not.
 *
 * A round of one fork is the plain case: its turns are granted as it asks for them.
 */
import type { TurnKind } from '../fork/fork-protocol.js';
import { shuffled } from '../compare/random.js';

/** How a fork of a round asks for its turns. */
export interface TurnGate {
  /**
   * The fork is ready for a turn of `kind` (which ends the turn it held); resolves when it may go,
   * rejects when the turn cannot be given (what had to be done before it failed: the fork fails).
   */
  request(kind: TurnKind): Promise<void>;
  /** The fork has ended, whatever its state: a turn it held is over and it gets no more. */
  ended(): void;
}

/**
 * Told before a turn is granted; the grant waits for it (e.g. to apply the server's CPU quota), and a
 * rejection is the member's failure instead of its turn.
 */
export type BeforeTurn = (member: number, kind: TurnKind) => Promise<void>;

interface Member {
  pending:
    | { readonly kind: TurnKind; readonly go: () => void; readonly fail: (error: unknown) => void }
    | undefined;
  /** It has asked for a turn after its setup (or ended): its setup is behind it. */
  pastSetup: boolean;
  ended: boolean;
}

/** Grants the turns of one round's members; see the module comment. */
export class TurnScheduler {
  readonly #members: Member[];
  readonly #random: () => number;
  readonly #beforeTurn: BeforeTurn;
  /** The member working now, or granting: undefined when nobody is. */
  #holder: number | undefined;
  #granting = false;
  /** Members still to go in the current slot round, in order. */
  #order: number[];
  /** Turns granted so far, in order (for tests and the console). */
  readonly granted: { readonly member: number; readonly kind: TurnKind }[] = [];

  constructor(members: number, random: () => number, beforeTurn: BeforeTurn = () => Promise.resolve()) {
    this.#members = Array.from({ length: members }, () => ({
      pending: undefined,
      pastSetup: false,
      ended: false,
    }));
    this.#random = random;
    this.#beforeTurn = beforeTurn;
    // The first slot round goes in member order (the planner has already drawn it); later ones are drawn here.
    this.#order = this.#members.map((_, index) => index);
  }

  /** The gate member `index` asks through. */
  gate(index: number): TurnGate {
    const member = this.#members[index];
    if (member === undefined)
      throw new RangeError(`no member ${index} in a round of ${this.#members.length}`);
    return {
      request: (kind) =>
        new Promise<void>((go, fail) => {
          if (member.ended) return;
          if (kind !== 'setup') member.pastSetup = true;
          member.pending = { kind, go, fail };
          if (this.#holder === index && !this.#granting) this.#holder = undefined;
          this.#pump();
        }),
      ended: () => {
        member.ended = true;
        member.pastSetup = true;
        member.pending = undefined;
        if (this.#holder === index && !this.#granting) this.#holder = undefined;
        this.#pump();
      },
    };
  }

  #pump(): void {
    this.#members.forEach((member, index) => {
      if (member.pending?.kind === 'setup') this.#grant(index, false);
    });
    // Nobody iterates before every member is set up.
    if (this.#holder !== undefined || this.#members.some((member) => !member.pastSetup)) return;
    // Once every member left is done measuring, they tear down together, as they set up.
    const alive = this.#members.filter((member) => !member.ended);
    if (alive.length > 1 && alive.every((member) => member.pending?.kind === 'teardown')) {
      this.#members.forEach((member, index) => {
        if (!member.ended) this.#grant(index, false);
      });
      return;
    }
    const next = this.#next();
    if (next !== undefined) this.#grant(next, true);
  }

  /** Grants `index` its pending turn, after {@link BeforeTurn}; `exclusive`: it holds the turn. */
  #grant(index: number, exclusive: boolean): void {
    const member = this.#members[index] as Member;
    const pending = member.pending as NonNullable<Member['pending']>;
    member.pending = undefined;
    // A setup holds no turn: the setups of a round run together.
    if (exclusive) {
      this.#holder = index;
      this.#granting = true;
    }
    const passOn = (): void => {
      if (exclusive) {
        this.#granting = false;
        this.#holder = undefined;
      }
      this.#pump();
    };
    this.#beforeTurn(index, pending.kind).then(
      () => {
        if (exclusive) this.#granting = false;
        // It died while the grant was being prepared: the turn passes on.
        if (member.ended) return passOn();
        this.granted.push({ member: index, kind: pending.kind });
        pending.go();
      },
      (error: unknown) => {
        // The fork is killed for it; it gets no more turns meanwhile.
        member.pastSetup = true;
        member.ended = true;
        pending.fail(error);
        passOn();
      },
    );
  }

  /** The member whose iteration or teardown is next, when it is waiting for it; undefined when nobody can go yet. */
  #next(): number | undefined {
    const members = this.#members;
    for (;;) {
      if (this.#order.length === 0) {
        const alive = members.flatMap((member, index) => (member.ended ? [] : [index]));
        if (alive.length === 0) return undefined;
        this.#order = shuffled(alive, this.#random);
      }
      const head = this.#order[0] as number;
      const member = members[head] as Member;
      if (member.ended) {
        this.#order.shift();
        continue;
      }
      if (member.pending === undefined) return undefined;
      this.#order.shift();
      return head;
    }
  }
}
