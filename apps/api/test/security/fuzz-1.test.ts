import { fuzzRoutes } from './fuzz.ts';

fuzzRoutes(1, 3);
