import { fuzzRoutes } from './fuzz.ts';

fuzzRoutes(3, 3);
