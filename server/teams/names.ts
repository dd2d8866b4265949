/**
 * Team names are typed by members and end up in other people's mail: the subject and body of an
 * invitation (issue 11 item 7: control characters went into the subject line). Control characters
 * (C0, DEL, C1: newlines and tabs too), Unicode line and paragraph separators, and bidirectional
 * overrides (which can make a name read backwards) each become a space; runs of spaces collapse.
 * Applied when a name is written and again when one is put in a mail, for names stored before.
 */

export const TEAM_NAME_MAX = 80;

// \p{Cc}: U+0000–001F, U+007F–009F. U+2028/2029: line/paragraph separators. U+202A–202E and
// U+2066–2069: bidi embeddings, overrides and isolates.
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

/** The name with unsafe characters replaced and spaces collapsed and trimmed. */
export function cleanTeamName(name: string): string {
  return name.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
}

/** A team name fit for a mail subject or body: cleaned, and never empty. */
export function teamNameForMail(name: string): string {
  return cleanTeamName(name).slice(0, TEAM_NAME_MAX) || 'a team';
}
