export { busEnvelope, frameText, toEnvelope, type EnvelopeOptions } from '@sideline/infra';
