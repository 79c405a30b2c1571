// The calls a shared module makes while the app starts, from the start-up SDK (generated/http-start:
// the same client as the full SDK, without its validators, which load later).
export { getTranslations } from '../../generated/http-start/sdk.gen.ts';
