/**
 * The header's menu button and its modal dialog. The dialog opens and closes without script (the
 * buttons' `commandfor`/`command`), and a modal dialog already keeps focus inside and closes on
 * Escape; what only script can do is keep the button's `aria-expanded` in step with the dialog,
 * and, in a browser without invoker commands, carry out the buttons' commands itself.
 */
const invokerCommands = 'commandForElement' in HTMLButtonElement.prototype;

function dialogFor(button: Element): HTMLDialogElement | null {
  const target = document.getElementById(button.getAttribute('commandfor') ?? '');
  return target instanceof HTMLDialogElement ? target : null;
}

/** Follows the menu from the shopper's first reach for its button on (index.ts). */
export function followSiteMenu(button: HTMLButtonElement): void {
  const dialog = dialogFor(button);
  if (!dialog) return;
  const sync = () => button.setAttribute('aria-expanded', String(dialog.open));
  // Opening fires 'toggle'; Escape, a close button or a link's navigation all end in 'close'.
  dialog.addEventListener('toggle', sync);
  dialog.addEventListener('close', sync);
  if (!invokerCommands) {
    for (const invoker of [button, ...dialog.querySelectorAll('button[commandfor]')]) {
      invoker.addEventListener('click', () => {
        if (invoker.getAttribute('command') === 'close') dialog.close();
        else if (!dialog.open) dialog.showModal();
      });
    }
  }
  sync();
}
