/**
 * A form island's message under a field: the element `#<field id>-error` (the server's, or one made after the
 * field's block when the server rendered none) shows `message`, or is hidden without one; the field's
 * aria-invalid and aria-describedby (the message, then the field's hint `#<field id>-hint` if it has one)
 * follow.
 */
export function setFieldError(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, message: string | undefined) {
  const errorId = `${field.id}-error`;
  let error = document.getElementById(errorId);
  if (message && !error) {
    error = document.createElement("p");
    error.id = errorId;
    error.className = "text-sm text-destructive";
    (field.closest(".grid") ?? field.parentElement!).append(error);
  }
  if (error) {
    error.textContent = message ?? "";
    error.hidden = !message;
  }
  if (message) field.setAttribute("aria-invalid", "true");
  else field.removeAttribute("aria-invalid");
  const hint = document.getElementById(`${field.id}-hint`);
  const describedBy = [message ? errorId : null, hint?.id].filter(Boolean).join(" ");
  if (describedBy) field.setAttribute("aria-describedby", describedBy);
  else field.removeAttribute("aria-describedby");
}
