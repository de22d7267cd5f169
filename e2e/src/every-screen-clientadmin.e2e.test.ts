import { describeEveryScreenAs } from './every-screen/every-screen-as.ts';

describeEveryScreenAs('clientadmin@example.com');
