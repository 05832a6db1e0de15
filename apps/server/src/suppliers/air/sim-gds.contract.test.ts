import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { airSupplierContract } from './contract.suite.ts';
import { createGdsSupplier } from './gds.ts';
import { referenceFixture } from './schedule/reference.fixture.ts';

airSupplierContract(
  'sim-gds',
  async () => {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { supplier: createGdsSupplier({ db: database.db, reference: referenceFixture }), db: database.db, close: () => database.close() };
  },
  { reference: referenceFixture, knownPnr: 'DEMOCN' },
);
