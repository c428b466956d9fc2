/**
 * Opens a static page's dialogs (components/marketing/static-dialog.tsx): a click on a `data-dialog-open`
 * trigger shows its `<dialog>` as a modal; a click on the backdrop closes it, as the app's dialogs do.
 */
import { mount } from "./lib/mount";

mount("dialog", (dialog) => {
  if (!(dialog instanceof HTMLDialogElement)) return;
  for (const trigger of document.querySelectorAll<HTMLElement>(`[data-dialog-open="${CSS.escape(dialog.id)}"]`)) {
    trigger.addEventListener("click", () => dialog.showModal());
  }
  // A click on the dialog element outside its box landed on the backdrop.
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
});
