import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { airSupplierContract } from './contract.suite.ts';
import { createLccSupplier } from './lcc.ts';
import { referenceFixture } from './schedule/reference.fixture.ts';

airSupplierContract(
  'sim-lcc',
  async () => {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { supplier: createLccSupplier({ db: database.db, reference: referenceFixture }), db: database.db, close: () => database.close() };
  },
  { reference: referenceFixture, route: { origin: 'PVG', destination: 'LHR' }, directRoute: { origin: 'PEK', destination: 'SHA' }, cabins: ['economy'] },
);
