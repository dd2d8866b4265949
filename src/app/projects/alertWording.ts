/**
 * An alert's message names its node first ("ENABLING WORKS …: the schedule variance of …"), so it
 * reads on its own in a list of many nodes. Where the node is already named beside it (the
 * portfolio's row is the project; the overview's alert shows its node above the message), that
 * opening repeats a long name and pushes the figures out of sight: this drops it.
 */
export function withoutNodeName(message: string, nodeName: string | undefined): string {
  const prefix = nodeName ? `${nodeName}: ` : null;
  if (!prefix || !message.startsWith(prefix) || message.length === prefix.length) return message;
  const rest = message.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
