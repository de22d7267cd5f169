import { describeEveryScreenAs } from './every-screen/every-screen-as.ts';

describeEveryScreenAs('client@example.com');
