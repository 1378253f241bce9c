/**
 * The header's menu button and its modal dialog. The dialog opens and closes without script (the
 * buttons' `commandfor`/`command`), and a modal dialog already keeps focus inside and closes on
 * Escape; what only script can do is keep the button's `aria-expanded` in step with the dialog,
 * and, in a browser without invoker commands, carry out the buttons' commands itself.
 */
const invokerCommands = 'commandForElement' in HTMLButtonElement.prototype;
const followed = new WeakSet<HTMLButtonElement>();

function dialogFor(button: Element): HTMLDialogElement | null {
  const target = document.getElementById(button.getAttribute('commandfor') ?? '');
  return target instanceof HTMLDialogElement ? target : null;
}

/**
 * Follows the menu from the press that loaded this script on (see on-first-press.ts): that press
 * has already opened the dialog where the browser has invoker commands; elsewhere it opens it now.
 */
export function followSiteMenu(button: HTMLButtonElement): void {
  const dialog = dialogFor(button);
  if (!dialog || followed.has(button)) return;
  followed.add(button);
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
    if (!dialog.open) dialog.showModal();
  }
  sync();
}
