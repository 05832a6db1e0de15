import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { airSupplierContract } from './contract.suite.ts';
import { createNdcSupplier } from './ndc.ts';
import { referenceFixture } from './schedule/reference.fixture.ts';

airSupplierContract(
  'sim-ndc',
  async () => {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { supplier: createNdcSupplier({ db: database.db, reference: referenceFixture }), db: database.db, close: () => database.close() };
  },
  { reference: referenceFixture, cabins: ['economy', 'business'] },
);
