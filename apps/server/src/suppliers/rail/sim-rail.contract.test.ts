import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { railSupplierContract } from './contract.suite.ts';
import { createRailSimulator } from './sim/simulator.ts';

railSupplierContract('sim-rail', async () => {
  const database = await openDatabase({});
  await migrateDatabase(database);
  return { supplier: createRailSimulator({ db: database.db }), db: database.db, close: () => database.close() };
});
