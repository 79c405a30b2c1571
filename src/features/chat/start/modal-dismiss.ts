// SPEC §4: a group chat created "publishes a modal-dismiss event": whatever modal led there (the Start
// Live Chat modal) closes. Only those two take part, so they talk through this channel of their own
// rather than the app's event bus.
import { createListenerSet } from '../../../shared/events/listener-store.ts';

const dismissals = createListenerSet();

/** Listens for the dismissal; returns the function that stops listening. */
export const onModalDismiss = dismissals.subscribe;

/** A group was created: the modals that led there close. */
export const dismissModals = (): void => dismissals.emit();
