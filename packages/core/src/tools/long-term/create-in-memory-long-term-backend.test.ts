import { runLongTermBackendConformance } from '../../testing/run-long-term-backend-conformance';
import { createInMemoryLongTermBackend } from './create-in-memory-long-term-backend';

runLongTermBackendConformance({
  name: 'in-memory',
  create: () => createInMemoryLongTermBackend(),
  rankByEmbedding: true,
});
