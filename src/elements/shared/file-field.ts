import { css, html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { fileDataUri, fileFits, fileType } from './file-input.js';
import { fileWords } from './file-words.js';
import type { FormStrings } from './form-strings.js';
import { icon } from './icons.js';

/**
 * A SEP-2356 file field, one implementation for `<mcp-elicit-form>`, the chat's "/" Run form and `<mcp-tool>`: the
 * picker (the browser's file input over a drop area), the picked file's chip, and {@link FilePicks}, which checks a
 * picked file against `accept` and `maxSize` before any byte is read and reads it into a `data:` URI with its type
 * and name. Imported only by code loaded later (the forms), never by the chat's first load.
 */

/** The words a file field says (the forms' table). */
export type FileFieldWords = Pick<
  FormStrings,
  | 'elicitChooseFile'
  | 'elicitChooseAnother'
  | 'elicitOrDrop'
  | 'elicitRemoveFile'
  | 'elicitReadingFile'
  | 'elicitFileTakes'
  | 'elicitFileNotAccepted'
  | 'elicitFileTooLarge'
  | 'elicitFileUnreadable'
>;

/** What a file field takes: `accept` patterns (empty: any file) and the largest size in bytes. */
export interface FileLimits {
  accept: string[];
  maxSize: number;
}

/** A picked file as the person sees it: its name, its type and size in words, and whether it is still read. */
export interface PickedFile {
  name: string;
  facts: string;
  reading: boolean;
}

/** What a file field takes, in words ("Takes CSV files, images, up to 1 MB."). */
export function fileHint(limits: FileLimits, t: FileFieldWords, language: string | undefined): string {
  const words = fileWords(language);
  return t.elicitFileTakes([...new Set(limits.accept.map((p) => words.kind(p)))], words.size(limits.maxSize));
}

/**
 * The files picked in one form's file fields, by field name: the chip of each, why one was refused, and the value
 * read (a `data:` URI). `changed` is called whenever any of them changes (the host renders again).
 */
export class FilePicks {
  files: Record<string, PickedFile> = {};
  errors: Record<string, string> = {};
  values: Record<string, string> = {};
  /** The language of the form (of the sizes' and kinds' words), when its host says it after the first render. */
  language: string | undefined;
  /** The latest pick of each field: a read that finishes after another pick is dropped. */
  #picks: Record<string, File | undefined> = {};
  readonly #changed: () => void;

  constructor(changed: () => void) {
    this.#changed = changed;
  }

  /** The form's language is known (or changed): its words are drawn again in it. */
  setLanguage(language: string | undefined): void {
    if (language === this.language) return;
    this.language = language;
    this.#changed();
  }

  /** Forgets every pick (a new form). */
  clear(): void {
    this.files = {};
    this.errors = {};
    this.values = {};
    this.#picks = {};
  }

  /**
   * A file picked, dropped or removed (`undefined`) in field `name`: checked against `limits` before any byte is
   * read (a refusal is kept in `errors` and nothing else), then read; `onValue` gets the `data:` URI when read.
   */
  pick(
    name: string,
    limits: FileLimits,
    file: File | undefined,
    t: FileFieldWords,
    language: string | undefined,
    onValue?: (uri: string) => void,
  ): void {
    const { [name]: _error, ...errors } = this.errors;
    const { [name]: _file, ...files } = this.files;
    const { [name]: _value, ...values } = this.values;
    this.errors = errors;
    this.files = files;
    this.values = values;
    this.#picks[name] = file;
    if (!file) return this.#changed();
    const words = fileWords(language);
    const type = fileType(file);
    const refusal =
      limits.accept.length && !limits.accept.some((p) => fileFits(p, file))
        ? t.elicitFileNotAccepted(file.name, [...new Set(limits.accept.map((p) => words.kind(p)))])
        : file.size > limits.maxSize
          ? t.elicitFileTooLarge(file.name, words.size(file.size), words.size(limits.maxSize))
          : undefined;
    if (refusal) {
      this.errors = { ...this.errors, [name]: refusal };
      return this.#changed();
    }
    this.files = { ...this.files, [name]: { name: file.name, facts: words.facts(type, file.size), reading: true } };
    this.#changed();
    // FileReader encodes off the main thread; only the finished string is handled here.
    const reader = new FileReader();
    reader.onload = () => {
      if (this.#picks[name] !== file) return;
      const read = String(reader.result ?? '');
      const uri = fileDataUri(type, file.name, read.slice(read.indexOf(',') + 1));
      this.values = { ...this.values, [name]: uri };
      this.files = { ...this.files, [name]: { ...this.files[name]!, reading: false } };
      onValue?.(uri);
      this.#changed();
    };
    reader.onerror = () => {
      if (this.#picks[name] !== file) return;
      const { [name]: _gone, ...rest } = this.files;
      this.files = rest;
      this.errors = { ...this.errors, [name]: t.elicitFileUnreadable(file.name) };
      this.#changed();
    };
    reader.readAsDataURL(file);
  }
}

/** One file field's picker, as a form draws it (its label and error are the form's own). */
export interface FilePickerView {
  /** The file input's id (the form's label points at it); the hint is `${id}-hint`. */
  id: string;
  /** The file input's name, when the form reads it by name. */
  name?: string;
  accept: string[];
  required: boolean;
  disabled: boolean;
  invalid: boolean;
  describedBy: string;
  file?: PickedFile;
  hint: string;
  t: Pick<FileFieldWords, 'elicitChooseFile' | 'elicitChooseAnother' | 'elicitOrDrop' | 'elicitRemoveFile' | 'elicitReadingFile'>;
  /** A file was picked (or dropped), or removed (`undefined`); `from` is the file input or the remove button. */
  onFile(file: File | undefined, from: Element): void;
  onTouch?(): void;
}

/**
 * The browser's own file input, named by the form's label and keyboard-operable as it is, laid transparent over a
 * drop area that says what to do; what the field takes; the picked file as a chip with its type, size and a remove
 * button. The input takes drops too, so a file dropped on the area is picked the same way.
 */
export function renderFilePicker(view: FilePickerView): TemplateResult {
  const { id, t, file } = view;
  const pick = (input: HTMLInputElement) => {
    const picked = input.files?.[0];
    // Cleared at once: the form keeps the file, and the same file picked again (after a refusal) is a change.
    input.value = '';
    if (picked) view.onFile(picked, input);
  };
  return html`<div part="file-drop" class="file-drop ${view.disabled ? 'disabled' : ''}">
      <input
        part="input"
        class="file-input"
        id=${id}
        name=${ifDefined(view.name)}
        type="file"
        accept=${ifDefined(view.accept.length ? view.accept.join(',') : undefined)}
        ?disabled=${view.disabled}
        aria-required=${view.required ? 'true' : 'false'}
        aria-invalid=${view.invalid ? 'true' : 'false'}
        aria-describedby=${view.describedBy}
        @change=${(e: Event) => pick(e.target as HTMLInputElement)}
        @blur=${() => view.onTouch?.()}
      />
      <span class="file-face" aria-hidden="true"
        >${icon('paperclip')}<span class="file-action">${file ? t.elicitChooseAnother : t.elicitChooseFile}</span
        ><span class="file-or">${t.elicitOrDrop}</span></span
      >
    </div>
    <div class="hint file-hint" id="${id}-hint">${view.hint}</div>
    ${
      file
        ? html`<div part="file" class="file-chip" role="group" aria-label=${file.name}>
            ${icon('file-text')}
            <span class="file-name">${file.name}</span>
            <span class="file-facts">${file.reading ? t.elicitReadingFile(file.name) : file.facts}</span>
            <button part="remove-file-button" type="button" class="remove-file" ?disabled=${view.disabled}
              aria-label=${t.elicitRemoveFile(file.name)} title=${t.elicitRemoveFile(file.name)} @click=${(e: Event) => view.onFile(undefined, e.currentTarget as Element)}>${icon('x')}</button>
          </div>`
        : nothing
    }`;
}

/**
 * The file field's look. A form gives it its colours and sizes as custom properties on an ancestor of the field:
 * `--_file-accent`, `--_file-border`, `--_file-danger`, `--_file-muted`, `--_file-radius`, `--_file-space`.
 */
export const fileFieldStyles = css`
    /* The browser's file input lies transparent over the drop area, so a press, a key or a drop there is the
       input's own; the area shows its focus and hover. */
    .file-drop {
      position: relative;
      display: flex;
      align-items: center;
      min-height: 44px;
      padding: calc(var(--_file-space) * 0.75) var(--_file-space);
      border: 1px dashed var(--_file-border);
      border-radius: var(--_file-radius);
      box-sizing: border-box;
    }
    .file-drop:hover:not(.disabled) {
      border-color: var(--_file-accent);
      background: color-mix(in srgb, var(--_file-accent) 6%, transparent);
    }
    .file-drop:has(.file-input:focus-visible) {
      outline: 2px solid var(--_file-accent);
      outline-offset: 2px;
    }
    .file-drop:has([aria-invalid='true']) {
      border-color: var(--_file-danger);
    }
    .file-drop.disabled {
      opacity: 0.55;
    }
    .file-drop .file-input {
      position: absolute;
      inset: 0;
      width: 100%;
      max-width: none;
      height: 100%;
      margin: 0;
      padding: 0;
      opacity: 0;
      cursor: pointer;
    }
    .file-input:disabled {
      cursor: not-allowed;
    }
    .file-face {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: calc(var(--_file-space) / 2) var(--_file-space);
      min-width: 0;
    }
    .file-face .icon,
    .file-chip .icon {
      width: 18px;
      height: 18px;
      flex: none;
    }
    .file-action {
      color: var(--_file-accent);
      font-weight: 600;
    }
    .file-or {
      color: var(--_file-muted);
      font-size: 0.9em;
    }
    .file-chip {
      display: flex;
      align-items: center;
      gap: var(--_file-space);
      min-width: 0;
      padding: calc(var(--_file-space) / 2) calc(var(--_file-space) / 2) calc(var(--_file-space) / 2) var(--_file-space);
      border: 1px solid var(--_file-border);
      border-radius: var(--_file-radius);
    }
    .file-name {
      flex: 0 1 auto;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      font-weight: 600;
      unicode-bidi: plaintext;
    }
    .file-facts {
      flex: 0 0 auto;
      color: var(--_file-muted);
      font-size: 0.9em;
    }
    button.remove-file {
      display: inline-grid;
      place-items: center;
      width: 32px;
      height: 32px;
      padding: 0;
      border-color: transparent;
      flex: none;
      margin-inline-start: auto;
    }
    button.remove-file:hover:not(:disabled) {
      border-color: var(--_file-border);
    }
    @media (pointer: coarse) {
      button.remove-file {
        width: 44px;
        height: 44px;
      }
    }
  `;
