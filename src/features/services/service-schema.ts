// The schema lives in shared/ because the server validates the same service.json at build time.
export * from '../../../shared/service';
