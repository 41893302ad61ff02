/**
 * Dialogs and notices: import from here only.
 *
 * Every dialog returns a promise and waits in one queue: one is on screen at a time, in
 * the order they were asked for. Nothing needs mounting beyond main.tsx's DialogHost
 * and NoticeHost (which mount Mantine's modals manager and notice area on first use).
 *
 *   confirm({ title?, warning?, yesLabel?, noLabel?, safe? }) → Promise<boolean>
 *     Title defaults to "Are you sure?", labels to "Yes"/"Cancel". Without `safe` yes is
 *     red and focus starts on no; `safe: true` makes yes the primary button.
 *   alert(message, { title?, okLabel? }) → Promise<void>
 *     One button, "Ok" unless told. Without a title the message is the title.
 *   showError(error) → Promise<void>
 *     "Uh oh!" / "Something went wrong." with the error's stack text and Ok. For failed
 *     confirmed actions: `if (await confirm(...)) await guarded(() => remove.mutateAsync(id))`.
 *   guarded(action) → Promise<T | undefined>  runs action, showError on failure.
 *   explained(title, action) → Promise<T | undefined>  like guarded, but a refusal the
 *     server explained (4xx but 401) is an alert with its sentence under `title`.
 *   notify(message, { title?, color?, autoClose? }) → id   transient notice, 5000 ms.
 *   progressNotice(message) → { done() }   stays until done() (call it in finally).
 *   Forms are in ../forms (openForm, typed forms validated by the contract's schemas).
 *   uploadImageFlow(file, { upload, onError? }) → Promise<T | undefined>
 *     Type check, 20 MB limit ("File is too large", "got it"), preview confirmation,
 *     "Uploading file..." notice dismissed in every case. Use IMAGE_ACCEPT on inputs.
 */
export { confirm, alert, showError, guarded, explained, errorText } from './messages.tsx';
export type { ConfirmOptions, AlertOptions } from './messages.tsx';
export { notify, progressNotice, NOTICE_MS } from './notify.ts';
export { uploadImageFlow, IMAGE_ACCEPT } from './upload.tsx';
export type { UploadImageOptions } from './upload.tsx';
export { openDialog, pendingDialogs } from './queue.ts';
export type { CloseDialog, DialogRequest } from './queue.ts';
