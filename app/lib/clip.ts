/** A text cut to `max` characters, with an ellipsis when it was longer (for prompts and messages). */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
