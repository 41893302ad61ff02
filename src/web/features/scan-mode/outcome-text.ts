import { itemTitle } from '../items/preview.ts';
import type { ScanOutcome } from './scan-outcome.ts';

export interface OutcomeText {
  headline: string;
  /** The item's name, or the label code; shown large. */
  subject: string;
  detail: string | null;
  /** Mantine colour of the result card; white text on it stays above 4.5:1. */
  color: string;
  /** A short mark beside the headline, so the state reads at a glance without colour. */
  mark: string;
}

/** A container packs what is inside it too: "Crate 0321 + 14 items packed". */
function withContents(item: ScanItem, contents: number): string | null {
  if (contents <= 0) return null;
  return `${itemTitle(item)} + ${contents} ${contents === 1 ? 'item' : 'items'} packed`;
}

type ScanItem = Parameters<typeof itemTitle>[0];

/** What the result card says for each outcome. */
export function outcomeText(outcome: ScanOutcome): OutcomeText {
  switch (outcome.kind) {
    case 'packed':
      return {
        headline: 'Packed',
        subject: itemTitle(outcome.item),
        detail: withContents(outcome.item, outcome.contents),
        color: 'teal.9',
        mark: '✓',
      };
    case 'moved':
      return {
        headline: 'Moved here',
        subject: itemTitle(outcome.item),
        detail: [`Taken off ${outcome.from}.`, withContents(outcome.item, outcome.contents)]
          .filter(Boolean)
          .join(' '),
        color: 'cyan.9',
        mark: '✓',
      };
    case 'already':
      return {
        headline: 'Already packed',
        subject: itemTitle(outcome.item),
        detail: 'It is on this manifest already.',
        color: 'blue.9',
        mark: '=',
      };
    case 'kept':
      return {
        headline: outcome.reason ? 'Not packed' : 'Not moved',
        subject: itemTitle(outcome.item),
        detail: outcome.reason ?? `Still on ${outcome.on}.`,
        color: 'gray.7',
        mark: '–',
      };
    case 'unknown':
      return {
        headline: 'Unknown label',
        subject: outcome.code,
        detail: 'This label is not on any item.',
        color: 'red.9',
        mark: '?',
      };
    case 'not-a-label':
      return {
        headline: 'Not a label',
        subject: outcome.message,
        detail: null,
        color: 'red.9',
        mark: '!',
      };
    case 'queued':
      return {
        headline: 'Queued — will sync',
        subject: outcome.subject,
        detail: outcome.detail,
        color: 'grape.9',
        mark: '⇡',
      };
    case 'put-inside':
      return {
        headline: outcome.from ? 'Moved inside' : 'Put inside',
        subject: itemTitle(outcome.item),
        detail: outcome.from
          ? `Taken out of ${outcome.from}, now in ${outcome.into}.`
          : `Now in ${outcome.into}.`,
        color: outcome.from ? 'cyan.9' : 'teal.9',
        mark: '✓',
      };
    case 'already-inside':
      return {
        headline: 'Already inside',
        subject: itemTitle(outcome.item),
        detail: `It is in ${outcome.into} already.`,
        color: 'blue.9',
        mark: '=',
      };
    case 'returned':
      return {
        headline: outcome.found ? 'Found' : outcome.damaged ? 'Returned damaged' : 'Returned',
        subject: itemTitle(outcome.item),
        detail:
          outcome.contents > 0
            ? `${itemTitle(outcome.item)} + ${outcome.contents} ${outcome.contents === 1 ? 'item' : 'items'} back`
            : outcome.found
              ? 'It was missing; it is back now.'
              : null,
        color: outcome.damaged ? 'orange.9' : 'teal.9',
        mark: outcome.damaged ? '!' : '✓',
      };
    case 'not-on-job':
      return {
        headline: 'Not on this job',
        subject: outcome.item ? itemTitle(outcome.item) : outcome.message,
        detail: outcome.item ? outcome.message : null,
        color: 'red.9',
        mark: '×',
      };
    case 'counted':
      return countedText(outcome);
    case 'failed':
      return {
        headline: 'Could not pack',
        subject: outcome.message,
        detail: null,
        color: 'red.9',
        mark: '!',
      };
  }
}

/** A stock-take's answer: "Found", "Wrong place — belongs in Yard South", ... */
function countedText(outcome: Extract<ScanOutcome, { kind: 'counted' }>): OutcomeText {
  const subject = outcome.item ? itemTitle(outcome.item) : 'Unknown item';
  const contents =
    outcome.contents > 0
      ? `${outcome.contents} ${outcome.contents === 1 ? 'item' : 'items'} inside counted with it.`
      : null;
  switch (outcome.outcome) {
    case 'found':
      return { headline: 'Found', subject, detail: contents, color: 'teal.9', mark: '✓' };
    case 'wrong_place':
      return {
        headline: 'Wrong place',
        subject,
        detail: outcome.detail ? `It ${outcome.detail}. Move it here from the list.` : null,
        color: 'orange.9',
        mark: '!',
      };
    case 'unexpected':
      return {
        headline: 'Unexpected',
        subject,
        detail:
          outcome.detail === 'missing'
            ? 'It was missing: it is found now.'
            : outcome.detail
              ? `It is ${outcome.detail}.`
              : null,
        color: 'grape.9',
        mark: '?',
      };
    case 'already':
      return {
        headline: 'Already counted',
        subject,
        detail: outcome.detail ? `Counted as ${outcome.detail}.` : null,
        color: 'blue.9',
        mark: '=',
      };
  }
}
