import { fuzzRoutes } from './fuzz.ts';

fuzzRoutes(2, 3);
