import { html, nothing, type TemplateResult } from 'lit';
import type { ProbeResult } from '../../mcp/probe.js';
import type { RegistryEntry, RegistryField, RegistryIcon, RegistryRemote } from '../../mcp/registry-entry.js';
import type { RegistrySearchStrings } from './registry-search-strings.js';

/** What the element hands the renderer for one remote of an entry. */
export interface RemoteView {
  /** Unique in the list: entry and remote (ids of fields are made from it). */
  key: string;
  remote: RegistryRemote;
  probe: ProbeResult | 'probing' | undefined;
  values: Readonly<Record<string, string>>;
  added: boolean;
}

/** What the renderer calls back. */
export interface EntryActions {
  input(view: RemoteView, field: RegistryField, value: string): void;
  check(view: RemoteView): void;
  add(view: RemoteView, form: HTMLFormElement): void;
}

/** The icon to show: the one drawn for the theme in use, else any. */
function pickIcon(icons: readonly RegistryIcon[], dark: boolean): RegistryIcon | undefined {
  return icons.find((i) => i.theme === (dark ? 'dark' : 'light')) ?? icons.find((i) => !i.theme) ?? icons[0];
}

/** An icon that does not load leaves an empty square, not a broken-image sign. */
const hideBroken = (e: Event) => ((e.target as HTMLImageElement).style.visibility = 'hidden');

const idOf = (key: string) => `r-${[...key].map((c) => (/[a-zA-Z0-9-]/.test(c) ? c : '_')).join('')}`;

/**
 * One registry entry: icon, title, name, description, links, then each
 * remote with its probe badge, the form for the headers it declares (secrets
 * as password fields) and its Add button. Every value from the registry is
 * bound as text or as an attribute; nothing is parsed as HTML.
 */
export function renderEntry(
  entry: RegistryEntry,
  remotes: RemoteView[],
  t: RegistrySearchStrings,
  dark: boolean,
  actions: EntryActions,
): TemplateResult {
  const icon = pickIcon(entry.icons, dark);
  const headingId = idOf(`${entry.name}@${entry.version}-title`);
  return html`<li part="entry" class="entry" aria-labelledby=${headingId}>
    ${
      icon
        ? html`<img part="icon" class="icon" src=${icon.src} alt="" width="32" height="32" loading="lazy" referrerpolicy="no-referrer" @error=${hideBroken} />`
        : html`<span part="icon" class="icon" aria-hidden="true"></span>`
    }
    <div class="body">
      <h3 part="title" class="title" id=${headingId}>${entry.title ?? entry.name}</h3>
      <p part="name" class="name">${entry.name} · ${entry.version}${entry.status === 'deprecated' ? html` · <strong>${t.deprecated}</strong>` : nothing}</p>
      ${entry.description ? html`<p part="description" class="description">${entry.description}</p>` : nothing}
      ${entry.statusMessage ? html`<p class="note">${entry.statusMessage}</p>` : nothing}
      ${
        entry.websiteUrl || entry.repository
          ? html`<p class="meta">
            ${entry.websiteUrl ? html`<a href=${entry.websiteUrl} target="_blank" rel="noopener noreferrer">${t.website}</a>` : nothing}
            ${entry.repository ? html`<a href=${entry.repository.url} target="_blank" rel="noopener noreferrer">${t.repository}</a>` : nothing}
          </p>`
          : nothing
      }
      ${remotes.map((view) => renderRemote(entry, view, t, actions))}
      ${entry.notOffered.length ? html`<p class="note">${t.notOffered(entry.notOffered.join(', '))}</p>` : nothing}
    </div>
  </li>`;
}

function renderBadge(probe: RemoteView['probe'], t: RegistrySearchStrings): TemplateResult {
  if (probe === undefined || probe === 'probing')
    return html`<span part="badge" class="badge" data-badge="probing">${t.badge.probing}</span>`;
  const era = probe.badge === 'works' && probe.era ? html` · ${t.era(probe.era, probe.protocolVersion)}` : nothing;
  return html`<span part="badge" class="badge" data-badge=${probe.badge}>${t.badge[probe.badge]}${era}</span>`;
}

function renderRemote(entry: RegistryEntry, view: RemoteView, t: RegistrySearchStrings, actions: EntryActions): TemplateResult {
  const { remote, probe } = view;
  const id = idOf(view.key);
  const done = probe !== undefined && probe !== 'probing';
  // The badge says sign-in and "needs a key" itself (the fields are right below); other failures get their diagnosis.
  const diagnosis = done && !['works', 'sign-in', 'needs-key'].includes(probe.badge) ? probe.error?.message : undefined;
  return html`<form
    part="remote"
    class="remote"
    aria-label=${`${entry.title ?? entry.name}: ${remote.url}`}
    @submit=${(e: SubmitEvent) => {
      e.preventDefault();
      actions.add(view, e.currentTarget as HTMLFormElement);
    }}
  >
    <div class="remote-line">
      <span part="url" class="url">${remote.url}</span>
      ${renderBadge(probe, t)}
    </div>
    ${diagnosis ? html`<p part="diagnosis" class="diagnosis">${diagnosis}</p>` : nothing}
    ${remote.fields.map((field) => renderField(id, view, field, t, actions))}
    <div part="actions" class="actions">
      <button part="add-button" class="primary" type="submit" aria-disabled=${view.added ? 'true' : 'false'}>${view.added ? t.addedButton : t.addButton}</button>
      ${
        done && probe.badge !== 'works' && probe.badge !== 'sign-in'
          ? html`<button part="check-button" type="button" @click=${() => actions.check(view)}>${t.checkButton}</button>`
          : nothing
      }
    </div>
  </form>`;
}

function renderField(
  formId: string,
  view: RemoteView,
  field: RegistryField,
  t: RegistrySearchStrings,
  actions: EntryActions,
): TemplateResult {
  const id = `${formId}-${idOf(field.key)}`;
  const value = view.values[field.key] ?? field.default ?? '';
  const describedBy = field.description ? `${id}-d` : undefined;
  const onInput = (e: Event) => actions.input(view, field, (e.target as HTMLInputElement | HTMLSelectElement).value);
  const control = field.choices
    ? html`<select part="input" id=${id} name=${field.key} ?required=${field.isRequired} aria-describedby=${describedBy ?? nothing} @change=${onInput}>
        ${field.isRequired || field.default !== undefined ? nothing : html`<option value="" ?selected=${!value}></option>`}
        ${field.choices.map((c) => html`<option .value=${c} ?selected=${c === value}>${c}</option>`)}
      </select>`
    : html`<input
        part="input"
        id=${id}
        name=${field.key}
        type=${field.isSecret ? 'password' : 'text'}
        autocomplete=${field.isSecret ? 'off' : 'on'}
        spellcheck="false"
        .value=${value}
        placeholder=${field.placeholder ?? ''}
        ?required=${field.isRequired}
        aria-describedby=${describedBy ?? nothing}
        @input=${onInput}
      />`;
  return html`<div part="field" class="field">
    <label for=${id}>${field.label}${field.isRequired ? html` <span class="note">(${t.required})</span>` : nothing}</label>
    ${field.description ? html`<p class="field-description" id=${describedBy}>${field.description}</p>` : nothing}
    ${control}
  </div>`;
}
