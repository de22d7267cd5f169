import { describeEveryScreenAs } from './every-screen/every-screen-as.ts';

describeEveryScreenAs('pm@example.com');
