import { describeEveryScreenAs } from './every-screen/every-screen-as.ts';

describeEveryScreenAs('free@example.com');
