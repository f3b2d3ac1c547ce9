import type { McpServer, SamplingMessage, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { svgIcon } from './assets.js';
import { recordActivity } from './demo-state.js';
import { runFlow, textResult, type Flow, type FlowAsk, type FlowStep } from './flows.js';
import { closedSchemaExchange, resultBlocks, schemaTool, SCHEMA_TOOL, toolUses, userText } from './sampling-utils.js';
import type { InstanceContext } from './tools-content.js';

/**
 * Tic-tac-toe between the client's model and the person. The model moves
 * through sampling (a `__schema__` move), the person through a form
 * elicitation showing the board. Both kinds of exchange are accumulated as
 * content-block history, and every sampling request carries the whole
 * history, so the model sees every earlier move:
 * - a model turn adds [prompt, assistant tool_use __schema__, user tool_result "ok"];
 * - a person turn adds [assistant tool_use ask_person_move {board}, user tool_result {answer}].
 */

type Mark = 'X' | 'O';
type Cell = Mark | null;

interface GameState {
  board: Cell[];
  person: Mark;
  model: Mark;
  turn: 'person' | 'model';
  history: SamplingMessage[];
  moves: Array<{ player: 'person' | 'model'; mark: Mark; cell: number }>;
  /** The prompt of the model turn in flight (a model turn's exchange starts with it). */
  prompt?: SamplingMessage;
}

const CELL_NAMES = [
  'top left',
  'top middle',
  'top right',
  'middle left',
  'centre',
  'middle right',
  'bottom left',
  'bottom middle',
  'bottom right',
];
const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** The board as text; free cells show their number. */
export function renderBoard(board: Cell[]): string {
  const row = (r: number) => [0, 1, 2].map((c) => ` ${board[r * 3 + c] ?? String(r * 3 + c)} `).join('|');
  return [row(0), '---+---+---', row(1), '---+---+---', row(2)].join('\n');
}

function freeCells(board: Cell[]): number[] {
  return board.flatMap((cell, i) => (cell === null ? [i] : []));
}

function winner(board: Cell[]): Mark | null {
  for (const [a, b, c] of LINES) {
    if (board[a] && board[a] === board[b] && board[a] === board[c]) return board[a];
  }
  return null;
}

function play(state: GameState, player: 'person' | 'model', cell: number): GameState {
  const mark = player === 'person' ? state.person : state.model;
  const board = state.board.slice();
  board[cell] = mark;
  return {
    ...state,
    board,
    turn: player === 'person' ? 'model' : 'person',
    moves: [...state.moves, { player, mark, cell }],
    prompt: undefined,
  };
}

function moveTool(free: number[]): Tool {
  return schemaTool('Your move: the number of a free cell.', {
    type: 'object',
    properties: { cell: { type: 'integer', enum: free, description: 'Cell number, 0-8, row by row from the top left' } },
    required: ['cell'],
  });
}

/** Decides the next step: the end of the game, or the next player's request. */
function next(state: GameState): FlowStep<GameState> {
  const won = winner(state.board);
  const free = freeCells(state.board);
  if (won || free.length === 0) {
    const outcome = won === null ? 'draw' : won === state.person ? 'person' : 'model';
    const headline = outcome === 'draw' ? "It's a draw." : outcome === 'person' ? 'You win!' : 'The model wins.';
    return {
      result: {
        content: [{ type: 'text', text: `${headline}\n\n${renderBoard(state.board)}` }],
        structuredContent: { outcome, winner: won, board: state.board, moves: state.moves, historyLength: state.history.length },
      },
    };
  }
  let ask: FlowAsk;
  if (state.turn === 'model') {
    const prompt = userText(
      `You play ${state.model}. The board is now:\n\n${renderBoard(state.board)}\n\nFree cells: ${free.join(', ')}. ` +
        `Choose your move by calling ${SCHEMA_TOOL}.`,
    );
    ask = {
      kind: 'sampling',
      params: {
        messages: [...state.history, prompt],
        systemPrompt: `You are playing tic-tac-toe against a person. Cells are numbered 0-8 row by row from the top left. Try to win.`,
        tools: [moveTool(free)],
        toolChoice: { mode: 'required' },
        maxTokens: 200,
      },
    };
    return { ask, state: { ...state, prompt } };
  }
  ask = {
    kind: 'form',
    params: {
      message: `Your move: you play ${state.person}.\n\n${renderBoard(state.board)}\n\nPick a free cell.`,
      requestedSchema: {
        type: 'object',
        properties: {
          cell: {
            type: 'string',
            title: 'Your move',
            oneOf: free.map((c) => ({ const: String(c), title: `${c} (${CELL_NAMES[c]})` })),
          },
        },
        required: ['cell'],
      },
    },
  };
  return { ask, state };
}

const ticTacToe: Flow<{ first: 'person' | 'model' }, GameState> = {
  name: 'tic-tac-toe',
  start: ({ first }) =>
    next({
      board: Array<Cell>(9).fill(null),
      person: first === 'person' ? 'X' : 'O',
      model: first === 'person' ? 'O' : 'X',
      turn: first,
      history: [],
      moves: [],
    }),
  resume: (state, answer, { state: demo, era }) => {
    const free = freeCells(state.board);
    if (state.turn === 'model') {
      if (answer.kind !== 'sampling' || !state.prompt) return { result: textResult('Expected the model to move.', { isError: true }) };
      const blocks = resultBlocks(answer.result);
      const use = toolUses(blocks).find((u) => u.name === SCHEMA_TOOL);
      const wanted = Number(use?.input.cell);
      const cell = free.includes(wanted) ? wanted : free[0];
      const history = use
        ? [
            ...state.history,
            ...closedSchemaExchange(
              state.prompt,
              use,
              cell === wanted ? 'ok' : `Cell ${String(use.input.cell)} is not free; played ${cell} instead.`,
            ),
          ]
        : [
            ...state.history,
            state.prompt,
            { role: 'assistant' as const, content: blocks },
            userText(`No move was given; played ${cell} for you.`),
          ];
      return next(play({ ...state, history }, 'model', cell));
    }
    if (answer.kind !== 'elicit') return { result: textResult('Expected the person to move.', { isError: true }) };
    if (answer.action !== 'accept') {
      recordActivity(demo, {
        tool: 'tic-tac-toe',
        era,
        status: 'cancelled',
        detail: `person ${answer.action}d after ${state.moves.length} moves`,
      });
      return {
        result: {
          content: [{ type: 'text', text: `Game abandoned (${answer.action}).\n\n${renderBoard(state.board)}` }],
          structuredContent: {
            outcome: 'abandoned',
            winner: null,
            board: state.board,
            moves: state.moves,
            historyLength: state.history.length,
          },
        },
      };
    }
    const cell = Number(answer.content?.cell);
    if (!free.includes(cell)) return next(state); // not a free cell: ask again
    const id = `person-move-${state.moves.length + 1}`;
    const history: SamplingMessage[] = [
      ...state.history,
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id, name: 'ask_person_move', input: { board: renderBoard(state.board), freeCells: free } }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', toolUseId: id, content: [{ type: 'text', text: JSON.stringify({ action: 'accept', cell }) }] }],
      },
    ];
    return next(play({ ...state, history }, 'person', cell));
  },
};

/** Registers `tic-tac-toe`. */
export function registerTicTacToe(server: McpServer, { era, state }: InstanceContext): void {
  server.registerTool(
    'tic-tac-toe',
    {
      title: 'Tic-tac-toe',
      annotations: { readOnlyHint: true, openWorldHint: false },
      description: "Play tic-tac-toe against the client's model: it moves by sampling, you move through a form.",
      icons: svgIcon('❌', '#db2777'),
      inputSchema: z.object({ first: z.enum(['person', 'model']).optional().describe('Who moves first (plays X); default person') }),
    },
    async ({ first = 'person' }, ctx) => runFlow(ticTacToe, { first }, era, state, ctx),
  );
}
