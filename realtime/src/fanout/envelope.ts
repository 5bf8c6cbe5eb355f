export { busEnvelope, frameText, toEnvelope, type BusEnvelope, type EnvelopeOptions } from '@sideline/infra';
